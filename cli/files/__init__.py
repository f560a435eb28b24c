"""The files a command finds, reads and must not harm: the config file, the record files it
was given (folders, globs, excludes, .gitignore and git's tracked files, links), and the
outputs that would replace an input."""
