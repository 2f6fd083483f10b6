"""The Bot Framework edge: ERA's activity handler, adapter, and turn middleware."""
