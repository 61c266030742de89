"""Print-on-demand (publisher.printing): profiles, the cover and preflight."""
