#!/usr/bin/env node
import { runCli } from './cli';
import { processIo } from './io';

// Exit as soon as the run is over: idle keep-alive connections must not hold the process.
void runCli(process.argv.slice(2), processIo()).then((code) => process.exit(code));
