"""Framework-free game engines. Each game lives in its own subpackage."""
