"""Smoke tests of the shipped game in Firefox and WebKit (Debian's packages)."""
