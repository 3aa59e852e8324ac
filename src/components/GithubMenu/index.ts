export * from './GithubMenu'
