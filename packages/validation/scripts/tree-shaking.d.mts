export declare function bundledInputs(entry: string, names: string[]): Promise<string[]>;
export declare function usesHtmlParser(inputs: string[]): boolean;
