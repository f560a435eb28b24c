"""Files meridina reads and writes safely: a small file read whole, a file replaced atomically."""
