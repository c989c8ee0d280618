// The VS Code extension of migrator: starts `migrator server` (the language server over stdio)
// for the kinds of files migrator reads, saved or not, and hands it the `migrator.*` settings.
// Everything else (diagnostics, quick fixes, fix-all, suppressions, the rules' documentation,
// hover) is the server's; `migrator.showRule` runs there and asks VS Code to show the document.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

const LANGUAGES = ["python", "yaml", "shellscript", "json", "jsonl", "javascript", "javascriptreact",
  "typescript", "typescriptreact", "go", "ruby", "java", "proto3"];
const SETTINGS = ["select", "extendSelect", "ignore", "unsafeFixes", "targetVersion"];

let client;

function settings() {
  const configuration = vscode.workspace.getConfiguration("migrator");
  const out = {};
  for (const key of SETTINGS) {
    const value = configuration.get(key);
    if (value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)) {
      out[key] = value;
    }
  }
  return out;
}

function serverOptions() {
  const command = vscode.workspace.getConfiguration("migrator").get("path") || "migrator";
  return { command, args: ["server"] };  // stdio (a transport kind would add --stdio)
}

function clientOptions() {
  const selector = [];
  for (const language of LANGUAGES) {
    selector.push({ scheme: "file", language }, { scheme: "untitled", language });
  }
  return {
    documentSelector: selector,
    initializationOptions: settings(),
    synchronize: { configurationSection: "migrator" },
  };
}

async function start() {
  client = new LanguageClient("migrator", "migrator", serverOptions(), clientOptions());
  await client.start();
  return client;
}

async function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand("migrator.restart", async () => {
    if (client) {
      await client.stop();
    }
    await start();
  }));
  await start();
  return { client: () => client };
}

async function deactivate() {
  if (client) {
    await client.stop();
    client = undefined;
  }
}

module.exports = { activate, deactivate, settings, serverOptions, clientOptions };
