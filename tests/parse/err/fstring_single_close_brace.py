x = f"a } b"
