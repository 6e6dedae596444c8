"""The browser UI of Tacocat (runs in Pyodide via PyScript; pure-Python parts also in CPython)."""
