lazy import a
