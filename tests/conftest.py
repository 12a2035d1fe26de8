"""Shared pytest set-up: the Sphinx testing fixtures (``make_app``, ``app``, ...)."""

pytest_plugins = ("sphinx.testing.fixtures",)
