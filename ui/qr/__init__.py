"""QR codes for links: a small encoder of our own (``encode``) and its SVG drawing (``svg``)."""
