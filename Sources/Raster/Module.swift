// Raster module: see README.md.
