x = '''never
closed
