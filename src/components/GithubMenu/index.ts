export * from "./GithubMenu"
