# A docstring never closed: CPython reports the line where it starts; the marker cannot go on
# that line (it would be inside the string), so it names the line.
# expect-line 5: DW000 "unterminated triple-quoted string literal"
def handler(request):
    """Serve the request.

    return request.respond(200)
