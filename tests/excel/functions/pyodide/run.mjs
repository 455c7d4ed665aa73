// Runs Python in Pyodide under Node, as xlwings Lite runs a workbook's main.py, with no network at all:
// node run.mjs WHEELS SCRIPT. Every wheel in WHEELS is installed with micropip from local files (micropip itself
// from its wheel there): xlscore's with its dependencies resolved, as Lite installs a requirements.txt (it has none,
// so nothing may be fetched), the others without. Then SCRIPT runs and its global RESULT (a string) is printed. Any http(s) fetch is refused, so
// nothing can come from Pyodide's CDN: a package that is not in WHEELS is simply missing.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [wheels, script] = process.argv.slice(2);
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  if (/^https?:/i.test(String(url))) throw new Error(`network refused in this test: ${url}`);
  return realFetch(url, ...rest);
};

const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
const files = fs.readdirSync(wheels).filter((f) => f.endsWith(".whl")).sort();
const micropip = files.find((f) => f.startsWith("micropip-"));
await pyodide.loadPackage(path.join(wheels, micropip), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/wheels");
for (const f of files) pyodide.FS.writeFile(`/wheels/${f}`, fs.readFileSync(path.join(wheels, f)));
await pyodide.runPythonAsync(`
import micropip
for name in ${JSON.stringify(files.filter((f) => f !== micropip))}:
    await micropip.install("emfs:/wheels/" + name, deps=name.startswith("xlscore-"))
`);
await pyodide.runPythonAsync(fs.readFileSync(script, "utf8"));
console.log(pyodide.globals.get("RESULT"));
