"""The renderers (publisher.render) and fonts, read back by independent readers and consumers."""
