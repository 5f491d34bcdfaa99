# Transcoding: handled by the caller.  # expect: DW001 "unknown encoding: handled"
# A comment on line 1 that happens to match PEP 263's pattern ("coding:" then a word) is a
# cookie to Python, and "handled" is no encoding.
def transcode(data):
    return data
