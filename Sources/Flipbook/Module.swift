// Flipbook module: see README.md.
