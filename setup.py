"""What pyproject.toml cannot say: the package list is found, not written by hand.

setuptools' ``packages.find`` can only find a package where its folder is, and the
templates live at the top level (users look for them there) but ship inside the
package as ``publisher.templates``. So the list is discovery plus that one mapping.
"""
from setuptools import find_packages, setup

PACKAGES = find_packages(include=["solver", "solver.*", "publisher", "publisher.*"])

setup(packages=[*PACKAGES, "publisher.templates"], package_dir={"publisher.templates": "templates"})
