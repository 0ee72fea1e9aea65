"""The `lesson` this checkout built: the folder `swift build --show-bin-path` prints, whichever build system
made it (the native one's `.build/debug`, Swift Build's `.build/out/Products/Debug-linux`)."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def built_lesson(configuration="debug"):
    """The path of the `lesson` executable of `configuration` (debug or release) in this checkout."""
    folder = subprocess.run(
        ["swift", "build", "-c", configuration, "--show-bin-path"], cwd=ROOT, check=True,
        capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, "lesson")
