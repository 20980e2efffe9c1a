// A .glb checked by the Khronos glTF Validator (npm's gltf-validator, the official validator
// compiled to JavaScript), as other programs that read our meshes would check it: the glTF 2.0
// specification's rules, exact accessor bounds among them.
//
// Usage: node validate_glb.js NODE_DIR FILE.glb
// NODE_DIR is where gltf-validator was installed (npm install --prefix NODE_DIR
// gltf-validator@2.0.0-dev.3.10; scripts/test.sh does it): its node_modules is looked in, then
// NODE_DIR itself.
// Prints one line of JSON: {"validator": VERSION, "errors": N, "warnings": N, "infos": N,
// "hints": N, "truncated": BOOL, "issues": [{"code", "severity", "message", "pointer"}, ...]}
// (severity 0 an error, 1 a warning, 2 an info, 3 a hint), or {"failure": WHY} when the file
// could not be validated at all. Exit status: 0 validated (whatever it found: the caller reads
// the counts), 1 a failure (the validator or the file missing, not a glTF at all).
'use strict'
const fs = require('fs')
const path = require('path')

function fail(why) {
  console.log(JSON.stringify({ failure: why }))
  process.exit(1)
}

const args = process.argv.slice(2)
if (args.length !== 2) fail('usage: node validate_glb.js NODE_DIR FILE.glb')
const nodeDir = path.resolve(args[0])
const file = args[1]

let validator = null
for (const dir of [path.join(nodeDir, 'node_modules'), nodeDir]) {
  try {
    validator = require(path.join(dir, 'gltf-validator'))
    break
  } catch (e) {
    // Not in this one: the next.
  }
}
if (validator === null) {
  fail(`gltf-validator is not in ${nodeDir}/node_modules (npm install --prefix ${nodeDir} ` +
    'gltf-validator@2.0.0-dev.3.10; scripts/test.sh does it)')
}

let bytes
try {
  bytes = fs.readFileSync(file)
} catch (e) {
  fail(`cannot read ${file}: ${e.message}`)
}

// Every issue reported, not the first 100 (the validator's default), so the counts are whole.
validator.validateBytes(new Uint8Array(bytes), { uri: path.basename(file), maxIssues: 0 })
  .then((report) => {
    const issues = report.issues
    console.log(JSON.stringify({
      validator: report.validatorVersion,
      errors: issues.numErrors,
      warnings: issues.numWarnings,
      infos: issues.numInfos,
      hints: issues.numHints,
      truncated: issues.truncated,
      issues: issues.messages.map((m) => ({
        code: m.code, severity: m.severity, message: m.message, pointer: m.pointer
      }))
    }))
  }, (why) => fail(`${file} could not be validated: ${why}`))
