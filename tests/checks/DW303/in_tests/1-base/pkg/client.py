class Client:
    def request(self, url):
        headers = self.default_headers()
        headers["Accept"] = "application/json"
        response = self.session.get(url, headers=headers)
        response.raise_for_status()
        self.requests += 1
        return response.json()
