"""Tests per user role: a class that restates every test of its base is a table, one per role."""
import unittest


class AdminTests(unittest.TestCase):
    def setUp(self):
        self.user = "admin"

    def test_read(self):
        self.assertTrue(allowed(self.user, "read"))

    def test_write(self):
        self.assertTrue(allowed(self.user, "write"))

    def test_delete(self):
        self.assertTrue(allowed(self.user, "delete"))


class ManagerTests(AdminTests):
    def setUp(self):
        self.user = "manager"

    def test_read(self):  # ok: the class lists every test of its base, one role's whole table
        self.assertTrue(allowed(self.user, "read"))

    def test_write(self):  # ok: (as above)
        self.assertTrue(allowed(self.user, "write"))

    def test_delete(self):
        self.assertFalse(allowed(self.user, "delete"))


class AuditorTests(AdminTests):
    def setUp(self):
        self.user = "auditor"

    def test_read(self):  # expect: DW302 "`AuditorTests.test_read` is identical to AdminTests.test_read"
        self.assertTrue(allowed(self.user, "read"))

    def test_write(self):
        self.assertFalse(allowed(self.user, "write"))


class ReaderTests(unittest.TestCase):
    def test_read(self):
        self.assertTrue(allowed("reader", "read"))

    def test_list(self):
        self.assertTrue(allowed("reader", "list"))


class GuestTests(ReaderTests):
    def test_read(self):  # expect: DW302 "`GuestTests.test_read` is identical to ReaderTests.test_read"
        self.assertTrue(allowed("reader", "read"))

    def test_list(self):  # expect: DW302 "`GuestTests.test_list`"
        self.assertTrue(allowed("reader", "list"))


def allowed(user, action):
    return user == "admin" or action == "read"
