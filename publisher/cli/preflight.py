"""`puzzlepress preflight`: check the built PDFs of every book against a print service's rules."""
from __future__ import annotations

from pathlib import Path

import click

from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli, command_stream, emit_json, github_actions
from publisher.console import escaped
from publisher.printing.profile import PAPERS, SERVICES


@cli.command()
@click.argument("config", required=False, default="config.yaml", type=click.Path(path_type=Path))
@click.option("--service", type=click.Choice(SERVICES),
              help="The service for books whose config has no print.service.")
@click.option("--paper", type=click.Choice(PAPERS), help="Paper for those books (default white).")
@click.option("--bleed", is_flag=True, help="Those books were built with bleed.")
@click.option("--out", type=click.Path(path_type=Path), help="Where the books were built (overrides output.folder).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every file and violation.")
@click.option("--junit", type=click.Path(path_type=Path), help="Write JUnit XML (a testcase per file and rule) here.")
def preflight(config: Path, service: str | None, paper: str | None, bleed: bool, out: Path | None, as_json: bool,
              junit: Path | None) -> int:
    """Read back the PDFs of every book of CONFIG and check them against the print profile
    (the book's print.service, or --service); exit 1 when any rule fails. Never builds."""
    from publisher import safeio
    from publisher.config import ConfigError, load
    from publisher.printing import checks
    from publisher.write import WriteError, check_outputs, write_atomically

    outputs = [("the JUnit file (--junit)", junit)] if junit else []
    with safeio.recording() as read:     # the config and every PDF: no --junit may be one of them
        try:
            check_outputs([("the config", config)], outputs)    # before the PDFs are read
            loaded = load(config)
        except ConfigError as error:
            raise UsageError(error.problems[0] if len(error.problems) == 1 else "; ".join(error.problems)) from None
        except WriteError as error:
            raise UsageError(str(error)) from None
        try:
            results = checks.check_books(loaded, checks.Override(service, paper or "white", bleed), out)
        except checks.PreflightError as error:
            raise UsageError(str(error)) from None
    violations = [v for result in results for v in result.violations]
    if junit:
        try:
            write_atomically({junit: checks.junit_bytes(results)}, roles={junit: "the JUnit file (--junit)"},
                             inputs=[("the config", config), *read])
        except WriteError as error:
            raise UsageError(str(error)) from None
    if github_actions():
        stream = command_stream()
        for violation in violations:
            print(checks.annotation(violation), file=stream)
    if as_json:
        emit_json(checks.as_json(results, str(config)))
    else:
        for result in results:      # what was checked: the figures the service's form asks
            click.echo(escaped(result.line()))
        for violation in violations:
            click.echo(escaped(violation))
        files = len(results)
        found = f"{len(violations)} violation{'s' * (len(violations) != 1)}" if violations else "every rule passed"
        click.echo(f"preflight: {files} file{'s' * (files != 1)} checked, {found}")
    return EXIT_REJECTED if violations else EXIT_OK
