// Motion module: see README.md.
