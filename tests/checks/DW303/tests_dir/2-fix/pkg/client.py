class Client:
    def request(self, url):
        headers = self.default_headers()
        headers["Accept"] = "application/vnd.v2+json"
        headers["X-Version"] = self.version
        response = self.session.get(url, headers=headers, timeout=self.timeout)
        response.raise_for_status()
        self.requests += 1
        return response.json()
