#!/bin/sh
# Regenerates Sources/FlowShell/DemoFlow.swift from flows/segue-actions.json.
cd "$(dirname "$0")/../.." || exit 1
{
  echo '// Generated from flows/segue-actions.json by `sh Sources/FlowShell/generate-demo.sh`; a test keeps'
  echo '// the two identical. Embedded so that `flownav` with no argument works from any folder.'
  echo 'enum DemoFlow {'
  echo '    static let name = "flows/segue-actions.json"'
  echo '    static let json = #"""'
  cat flows/segue-actions.json
  echo '"""#'
  echo '}'
} > Sources/FlowShell/DemoFlow.swift
