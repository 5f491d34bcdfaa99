from router import PrefixResource


class DomainResource(PrefixResource):
    def resolve(self, request):
        path = request.rel_url.path
        if not path.startswith(self.prefix):  # ok: the base deleted its prefix test, and nothing took its place
            return None, set()
        match_info = self.app.router.lookup(path)  # expect: DW303 "DomainResource.resolve still has" "changed it to `match_info = self.app.router.lookup(self.normalize(path))`"
        match_info.add_app(self.app)
        self.log_match(match_info)
        match_info.domain = self.domain
        return match_info, match_info.methods

    def url_for(self, name, **parts):
        self.check_name(name)
        self.trace(name)  # expect: DW303 "DomainResource.url_for still has `self.trace(name)`" "removed it"
        self.count_lookup()
        url = self.app.router[name].url_for(**parts)
        url = url.with_query(None)
        self.urls += 1
        url = self.domain_url(url)
        return url
