"""The Medina rules core (1st and 2nd edition)."""
