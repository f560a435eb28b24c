"""Rule cases as data, one module per game; the test_*_rules.py files run them."""
