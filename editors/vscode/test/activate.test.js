// The extension activates and starts the real `migrator server` against a stubbed `vscode`
// module (VS Code itself is not needed): vscode-languageclient spawns the command the settings
// name, runs the protocol's handshake with it, and stops it on deactivation.
// MIGRATOR_COMMAND names the migrator command to run (tests/test_vscode_extension.py sets it).
"use strict";

const assert = require("node:assert");
const Module = require("node:module");
const test = require("node:test");
const stub = require("./support/vscode");

const vscode = stub.make({ path: process.env.MIGRATOR_COMMAND || "migrator", unsafeFixes: true, ignore: ["MIG900"] });
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};

const extension = require("../extension");

test("activates, starts migrator server and stops it", { timeout: 60000 }, async () => {
  const context = { subscriptions: [], extensionPath: __dirname, asAbsolutePath: (p) => p };
  const api = await extension.activate(context);
  const client = api.client();
  assert.ok(client.isRunning(), "the language client runs");
  assert.strictEqual(client.initializeResult.serverInfo.name, "migrator");
  const capabilities = client.initializeResult.capabilities;
  assert.ok(capabilities.codeActionProvider.codeActionKinds.includes("source.fixAll.migrator"));
  assert.ok(capabilities.hoverProvider);
  assert.deepStrictEqual(client.clientOptions.initializationOptions, { ignore: ["MIG900"], unsafeFixes: true });
  assert.ok(stub.recorded.commands.includes("migrator.restart"));
  assert.ok(stub.recorded.commands.includes("migrator.showRule"), "the server's command is registered");
  await extension.deactivate();
  assert.ok(!client.isRunning(), "stopped on deactivation");
});
