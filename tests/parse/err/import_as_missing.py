import a as
