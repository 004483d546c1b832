// FlipbookScenes module: see README.md.
