"""Integrations that run on the distributed or HTTP transports (``api_shim.api_client``)."""
