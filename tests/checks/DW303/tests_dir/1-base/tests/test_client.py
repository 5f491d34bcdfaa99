from pkg.client import Client


class FakeClient(Client):
    def request(self, url):
        headers = self.default_headers()
        headers["Accept"] = "application/json"
        response = self.session.get(url, headers=headers)  # ok: a copy in a test file
        response.raise_for_status()
        self.requests += 1
        return response.json()
