import type * as Commander from 'commander'
import { requireCommonJs } from '../util/commonjs.ts'

// commander, through its CommonJS build: its ES module entry imports that build, which Node 20 then scans
// for its exports first (~17 ms of CPU against ~10 ms, on every command). Import it from here.
const commander = requireCommonJs('commander') as typeof Commander

export const { Command, CommanderError, InvalidArgumentError, Option } = commander
export type Command = Commander.Command
export type CommanderError = Commander.CommanderError
export type InvalidArgumentError = Commander.InvalidArgumentError
export type Option = Commander.Option
