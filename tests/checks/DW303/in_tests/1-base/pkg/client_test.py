from pkg.client import Client


class FakeClient(Client):
    def request(self, url):
        headers = self.default_headers()
        headers["Accept"] = "application/json"
        response = self.session.get(url, headers=headers)  # expect: DW303 "still has `response = self.session.get(url, headers=headers)` (line {+0}), which Client.request had until"
        response.raise_for_status()
        self.requests += 1
        return response.json()
