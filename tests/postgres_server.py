"""A real PostgreSQL server for the catalog tests: a throw-away cluster in a folder.

``.ci/run`` starts one with ``python -m tests.postgres_server start DIR`` and exports
the URL it prints as ``PUZZLEPRESS_TEST_POSTGRES``; when that variable is unset the
tests start their own the same way (Debian's ``postgresql`` package must be
installed: its ``initdb`` and ``pg_ctl``). The server listens on a Unix socket in
the folder only (no TCP port to collide with), trusts local connections, and runs
as the ``postgres`` user when we are root (PostgreSQL refuses to run as root).
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

DATABASE = "puzzlepress"


def _binary(name: str) -> str:
    on_path = shutil.which(name)
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or ([on_path] if on_path else [])
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (apt-get install -y postgresql)")
    return str(found[-1])


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def start(folder: Path) -> str:
    """Create and start a cluster in ``folder``; the psycopg URL of its database."""
    folder.mkdir(parents=True, exist_ok=True)
    data, socket = folder / "data", folder / "socket"
    socket.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(socket, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run(_as_server_user([_binary("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                                    "-E", "UTF8", "--locale=C.UTF-8"]), **quiet)  # type: ignore[call-overload]
    subprocess.run(_as_server_user([_binary("pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
                                    "-o", f"-k {socket} -c listen_addresses='' -c fsync=off", "start"]),
                   **quiet)  # type: ignore[call-overload]
    subprocess.run(_as_server_user([_binary("createdb"), "-h", str(socket), "-U", "postgres", DATABASE]),
                   **quiet)  # type: ignore[call-overload]
    return f"postgresql://postgres@/{DATABASE}?host={socket}"


def stop(folder: Path) -> None:
    subprocess.run(_as_server_user([_binary("pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "-w", "stop"]),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


if __name__ == "__main__":
    action, where = sys.argv[1], Path(sys.argv[2])
    if action == "start":
        print(start(where))
    else:
        stop(where)
