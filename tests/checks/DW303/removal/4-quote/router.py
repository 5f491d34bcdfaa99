class PrefixResource:
    def resolve(self, request):
        path = request.rel_url.path
        match_info = self.app.router.lookup(self.normalize(path))
        match_info.add_app(self.app)
        self.log_match(match_info)
        return match_info, match_info.methods

    def url_for(self, name, **parts):
        self.check_name(name)
        self.count_lookup()
        url = self.app.router[name].url_for(**self.quoted(parts))
        url = url.with_query(None)
        self.urls += 1
        return url
