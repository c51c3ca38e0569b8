"""Text shared by the write path and recall: one tokenizer, its stopwords, the bilingual synonym list.

Modules (below both ``pipeline`` and ``retrieval``, so neither imports the other for text):

- ``script``: is this Chinese script (the shared Han character class, ``has_han``);
- ``tokenize``: text to index terms, English (stemmed) and Chinese (jieba), and mixed;
- ``stopwords``: the English and Chinese stopword lists the tokenizer drops;
- ``synonyms``: the shipped bilingual synonym groups (``memory_core/data/synonyms.yaml``).
"""
