"""What existing backends use: a Python client and an HTTP shim."""
