// A stand-in for the `vscode` module, which only VS Code itself provides: enough of its API for the
// extension and vscode-languageclient to activate, start the server and register what it offers.
// Whatever else is asked for is a callable that answers with a disposable stand-in (a provider
// registered, a status item made). It records what the extension did, for the test to check.
"use strict";

const recorded = { commands: [], channels: [], registered: [] };

function anything(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === "then") return undefined; // not a promise
      if (key === "dispose") return () => {};
      if (key === Symbol.toPrimitive) return () => name;
      return anything(`${name}.${String(key)}`);
    },
    apply() {
      return anything(`${name}()`);
    },
    construct() {
      return anything(`new ${name}`);
    },
  });
}

class Disposable {
  constructor(callback) { this.callback = callback; }
  static from(...items) { return new Disposable(() => items.forEach((item) => item && item.dispose && item.dispose())); }
  dispose() { if (this.callback) this.callback(); }
}

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return new Disposable(() => { this.listeners = this.listeners.filter((l) => l !== listener); });
    };
  }
  fire(value) { this.listeners.forEach((listener) => listener(value)); }
  dispose() { this.listeners = []; }
}

const noEvent = () => new Disposable();

function configuration(values) {
  return { get: (key, fallback) => (key in values ? values[key] : fallback), has: (key) => key in values };
}

function outputChannel(name) {
  const channel = { name, lines: [], append: (t) => channel.lines.push(t), appendLine: (t) => channel.lines.push(t),
    replace: () => {}, clear: () => {}, show: () => {}, hide: () => {}, dispose: () => {} };
  for (const level of ["trace", "debug", "info", "warn", "error"]) channel[level] = (t) => channel.lines.push(t);
  recorded.channels.push(channel);
  return channel;
}

function make(settings) {
  const registering = (kind) => (...args) => { recorded.registered.push(kind); return new Disposable(); };
  const base = {
    version: "1.82.0",
    Disposable, EventEmitter,
    Uri: { parse: (value) => ({ toString: () => value, fsPath: value.replace(/^file:\/\//, "") }),
      file: (path) => ({ toString: () => `file://${path}`, fsPath: path, scheme: "file" }) },
    workspace: {
      getConfiguration: (section) => configuration(section === "migrator" ? settings : {}),
      workspaceFolders: undefined, textDocuments: [], notebookDocuments: [],
      onDidChangeConfiguration: noEvent, onDidOpenTextDocument: noEvent, onDidCloseTextDocument: noEvent,
      onDidChangeTextDocument: noEvent, onDidSaveTextDocument: noEvent, onWillSaveTextDocument: noEvent,
      onDidChangeWorkspaceFolders: noEvent, onDidOpenNotebookDocument: noEvent, onDidCloseNotebookDocument: noEvent,
      onDidChangeNotebookDocument: noEvent, onDidSaveNotebookDocument: noEvent,
      createFileSystemWatcher: () => ({ onDidCreate: noEvent, onDidChange: noEvent, onDidDelete: noEvent, dispose() {} }),
    },
    window: {
      createOutputChannel: outputChannel, activeTextEditor: undefined, visibleTextEditors: [],
      onDidChangeActiveTextEditor: noEvent, onDidChangeVisibleTextEditors: noEvent,
      showErrorMessage: async () => undefined, showWarningMessage: async () => undefined,
      showInformationMessage: async () => undefined,
    },
    commands: {
      registerCommand: (name) => { recorded.commands.push(name); return new Disposable(); },
      executeCommand: async () => undefined,
    },
    languages: {
      createDiagnosticCollection: () => ({ set() {}, delete() {}, clear() {}, forEach() {}, get: () => [], dispose() {} }),
      match: () => 0,
    },
    env: { appName: "stub", language: "en", machineId: "stub", sessionId: "stub", uriScheme: "vscode" },
  };
  const open = (target, name) => new Proxy(target, {
    get(object, key) {
      if (key in object) return object[key];
      if (typeof key === "string" && key.startsWith("register")) return registering(`${name}.${key}`);
      return anything(`${name}.${String(key)}`);
    },
  });
  for (const space of ["workspace", "window", "commands", "languages", "env"]) base[space] = open(base[space], space);
  return open(base, "vscode");
}

module.exports = { make, recorded };
