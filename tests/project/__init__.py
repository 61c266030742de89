"""The product as a whole: the wheel, the house rules of architecture.md, the README's claims."""
