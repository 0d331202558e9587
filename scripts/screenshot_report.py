"""Open a report's HTML page in headless Chromium, check the console, save a screenshot.

Run: python scripts/screenshot_report.py [reports/21burn-standard.html] [--out PNG]
         [--width 1280] [--height 4000] [--chromium PATH]

Prints the screenshot's path and any console errors; exits 1 when Chromium reports a console
error (an uncaught exception, a resource that failed to load) or writes no screenshot, 2 when
Chromium is missing. Not part of CI: install Chromium with `apt-get install -y chromium`.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: what Chromium's log says about a page that misbehaves
PROBLEMS = re.compile(r"Uncaught|ERROR:CONSOLE|Failed to load resource|Refused to|"
                      r"net::ERR_", re.IGNORECASE)


def find_chromium(given: str | None) -> str | None:
    """The Chromium executable: the one given, else the first on PATH."""
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(html: Path, png: Path, chromium: str, width: int, height: int
               ) -> tuple[int, list[str]]:
    """Run headless Chromium on ``html``; (exit code, console-problem lines of its log)."""
    with tempfile.TemporaryDirectory(prefix="chromium-profile-") as profile:
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--hide-scrollbars", f"--user-data-dir={profile}",
               "--enable-logging=stderr", "--v=0", f"--window-size={width},{height}",
               f"--screenshot={png}", html.resolve().as_uri()]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    log = (proc.stdout + proc.stderr).splitlines()
    return proc.returncode, [line for line in log if PROBLEMS.search(line)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", nargs="?", default=str(ROOT / "reports" / "21burn-standard.html"))
    ap.add_argument("--out", help="PNG to write (default: the page's name + .png in a "
                                  "temporary folder)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=4000)
    ap.add_argument("--chromium", help="Chromium executable")
    args = ap.parse_args()
    html = Path(args.html)
    if not html.is_file():
        print(f"error: no such page {html}", file=sys.stderr)
        return 2
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print("error: Chromium not found (apt-get install -y chromium)", file=sys.stderr)
        return 2
    png = Path(args.out) if args.out else Path(tempfile.mkdtemp()) / (html.stem + ".png")
    png.parent.mkdir(parents=True, exist_ok=True)
    code, problems = screenshot(html, png, chromium, args.width, args.height)
    for line in problems:
        print(f"console: {line}")
    if code != 0 or not png.is_file() or png.stat().st_size == 0:
        print(f"error: Chromium exited with {code} and wrote no screenshot", file=sys.stderr)
        return 1
    print(f"screenshot: {png} ({png.stat().st_size:,} bytes)")
    print("console errors: " + (str(len(problems)) if problems else "none"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
