from pkg.client import Client


class ClientV2(Client):
    def request(self, url):
        headers = self.default_headers()
        headers["Accept"] = "application/json"
        response = self.session.get(url, headers=headers, timeout=self.timeout)  # ok: it took the change (so the copies that did not missed it)
        response.raise_for_status()
        self.requests += 1
        return response.json()
