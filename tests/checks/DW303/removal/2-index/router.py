class PrefixResource:
    def resolve(self, request):
        path = request.rel_url.path
        match_info = self.app.router.lookup(path)
        match_info.add_app(self.app)
        self.log_match(match_info)
        return match_info, match_info.methods
