"""The Meridian rules core."""
