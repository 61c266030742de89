"""The book model (publisher.spec, publisher.layout): pages, front matter, answers, shapes."""
