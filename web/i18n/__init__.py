"""The page's languages: the catalogs (``<lang>.json``), their message syntax and plural rules."""
